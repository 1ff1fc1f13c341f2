// How many notes a story's private thread holds, on the staff's lists (nothing when none).
import '../../styles/notes.css';
export function NoteCount({ count }: { count?: number }) {
  if (!count) return null;
  return (
    <span className="note-count" data-testid="note-count">
      {count === 1 ? '1 note' : `${count} notes`}
    </span>
  );
}
