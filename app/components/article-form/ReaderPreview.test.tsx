// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReaderPreview, PREVIEW_TEXT } from './ReaderPreview.tsx';

afterEach(cleanup);

describe('ReaderPreview', () => {
  it("shows the form's values with the public page's parts and closes", () => {
    const onClose = vi.fn();
    const { container } = render(
      <ReaderPreview
        open
        onClose={onClose}
        title="వర్షం వార్త"
        summary="చిన్న సారాంశం"
        contentHtml="<p>నగరంలో వర్షం</p>"
        author="రవి కుమార్"
        region="గుంటూరు"
        categories={['వాతావరణం', 'నగరం']}
        images={['blob:http://localhost/one']}
        youtubeVideoId="dQw4w9WgXcQ"
        tags={['వర్షం']}
        publishedAt="2026-11-28T12:35:00.000Z"
      />,
    );
    expect(container.querySelector('.article-title')?.textContent).toBe('వర్షం వార్త');
    expect(container.querySelector('.article-kicker')?.textContent).toBe('వాతావరణం');
    expect(container.querySelector('.article-author')?.textContent).toBe('రవి కుమార్');
    expect(container.querySelector('.article-meta')?.textContent).toContain(`${PREVIEW_TEXT.published}: 28/11/2026 18:05 IST`);
    expect(container.querySelector('img.article-image')?.getAttribute('src')).toBe('blob:http://localhost/one');
    expect(container.querySelector('.video-embed iframe')?.getAttribute('src')).toContain('dQw4w9WgXcQ');
    // (The body goes through sanitizeForView, DOMPurify: it needs a real browser's DOM, e2e/xss.e2e.ts.)
    expect(container.querySelector('.article-content')?.textContent).toContain('నగరంలో వర్షం');
    expect(container.textContent).toContain('చిన్న సారాంశం');
    fireEvent.click(screen.getByRole('button', { name: PREVIEW_TEXT.close, hidden: true }));
    expect(onClose).toHaveBeenCalled();
  });
});
