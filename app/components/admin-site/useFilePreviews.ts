// Chosen files shown before upload (About Us pictures, ads), each with an object-URL preview.
// A preview is released when its item leaves the list and when the screen closes.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useFilePreviews<T extends { preview: string }>() {
  const [items, setItems] = useState<T[]>([]);
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);
  useEffect(() => () => current.current.forEach((i) => URL.revokeObjectURL(i.preview)), []);

  /** Sets the list from the current one; previews no longer in it are released. */
  const update = useCallback(
    (next: (items: T[]) => T[]) =>
      setItems((old) => {
        const list = next(old);
        // By URL, not by object: an edited item is a new object with the same preview.
        const still = new Set(list.map((i) => i.preview));
        old.filter((i) => !still.has(i.preview)).forEach((i) => URL.revokeObjectURL(i.preview));
        return list;
      }),
    [],
  );
  return [items, update] as const;
}
