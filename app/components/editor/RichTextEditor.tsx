// The newsroom's rich-text editor (TipTap 3). Default export, so screens load it with React.lazy:
//   const RichTextEditor = lazy(() => import('../editor/RichTextEditor.tsx'));
// Props:
//   initialContent  HTML shown when the editor is created. Later changes of this prop are ignored:
//                   re-setting content while someone types would break Telugu IME composition.
//                   To load other content, remount the editor (give it a new `key`).
//   onChange(html)  every edit, as HTML ('' when the editor is empty).
//   label           accessible name of the writing area (and of the toolbar).
//   invalid         marks the writing area aria-invalid.
//   describedBy     id of the error message, for aria-describedby.
// The toolbar stays on screen while the text scrolls (sticky). On a phone it is one row: the
// everyday tools, then 'More formatting' opens the rest; on a wide screen all are shown.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { ALIGNMENTS, HEADING_LEVELS, editorExtensions } from './extensions.ts';
import { checkLinkUrl, DEFAULT_FONT_SIZE, FONT_SIZES } from '../../../contract/article-form.ts';
import { URL_INPUT } from '../dashboard/Field.tsx';

export type RichTextEditorProps = {
  initialContent: string;
  onChange(html: string): void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
};

const ALIGN_LABELS: Record<(typeof ALIGNMENTS)[number], string> = {
  left: 'Align left',
  center: 'Align center',
  right: 'Align right',
  justify: 'Justify',
};
const ALIGN_ICONS: Record<(typeof ALIGNMENTS)[number], string> = { left: '⇤', center: '≡', right: '⇥', justify: '☰' };
const DEFAULT_HIGHLIGHT = '#ffec99';

export default function RichTextEditor({ initialContent, onChange, label, invalid, describedBy }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: editorExtensions(),
    content: initialContent,
    // Client-only screens, but never render on the server by accident (hydration mismatch).
    immediatelyRender: false,
    editorProps: {
      attributes: {
        class: 'editor-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        lang: 'te',
        spellcheck: 'true',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    onUpdate({ editor: e }) {
      onChange(e.isEmpty ? '' : e.getHTML());
    },
  });

  // editorProps are read once; keep the error state of the writing area current for screen readers.
  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    if (invalid) dom.setAttribute('aria-invalid', 'true');
    else dom.removeAttribute('aria-invalid');
  }, [editor, invalid]);

  return (
    <div className={`rich-editor${invalid ? ' invalid' : ''}`}>
      {editor ? <Toolbar editor={editor} label={label} /> : <div className="editor-toolbar" aria-hidden="true" />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  // v3 does not re-render on every transaction; the toolbar subscribes to what it shows.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      heading: HEADING_LEVELS.find((level) => e.isActive('heading', { level })) ?? 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      link: e.isActive('link'),
      linkHref: (e.getAttributes('link').href as string | undefined) ?? '',
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      align: ALIGNMENTS.find((a) => e.isActive({ textAlign: a })) ?? 'left',
      fontSize: (e.getAttributes('textStyle').fontSize as string | undefined) ?? `${DEFAULT_FONT_SIZE}px`,
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#1b1b1b',
      highlight: e.isActive('highlight'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [moreOpen, setMoreOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const moreId = useId();
  const chain = () => editor.chain().focus();

  const toggle = (name: string, pressed: boolean, text: ReactNode, run: () => void, className?: string) => (
    <button
      type="button"
      className={`tool${className ? ` ${className}` : ''}`}
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      onClick={run}
    >
      <span aria-hidden="true">{text}</span>
    </button>
  );
  const action = (name: string, text: ReactNode, run: () => void, disabled = false) => (
    <button type="button" className="tool" aria-label={name} title={name} disabled={disabled} onClick={run}>
      <span aria-hidden="true">{text}</span>
    </button>
  );

  return (
    <div
      className="editor-toolbar"
      role="toolbar"
      aria-label={`${label} formatting`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && moreOpen) {
          e.preventDefault();
          setMoreOpen(false);
        }
      }}
    >
      <div className="tools-row">
        <span className="tools-main">
          <select
            aria-label="Block style"
            value={String(state.heading)}
            onChange={(e) => {
              const level = Number(e.target.value) as 0 | 1 | 2 | 3;
              if (level === 0) chain().setParagraph().run();
              else chain().setHeading({ level }).run();
            }}
          >
            <option value="0">Paragraph</option>
            {HEADING_LEVELS.map((level) => (
              <option key={level} value={level}>
                Heading {level}
              </option>
            ))}
          </select>
          {toggle('Bold', state.bold, 'B', () => chain().toggleBold().run(), 'bold')}
          {toggle('Italic', state.italic, 'I', () => chain().toggleItalic().run(), 'italic')}
          {toggle('Link', state.link, <LinkIcon />, () => setLinkOpen((open) => !open))}
        </span>
        <span className="tools-more" id={moreId} data-open={moreOpen}>
          <select
            aria-label="Font size"
            value={state.fontSize}
            onChange={(e) => {
              // The default size is no mark at all, so plain text stays plain HTML.
              if (e.target.value === `${DEFAULT_FONT_SIZE}px`) chain().unsetFontSize().run();
              else chain().setFontSize(e.target.value).run();
            }}
          >
            {FONT_SIZES.map((size) => (
              <option key={size} value={`${size}px`}>
                {size} px
              </option>
            ))}
          </select>
          <span className="tool-group">
            {toggle('Underline', state.underline, 'U', () => chain().toggleUnderline().run(), 'underline')}
            {toggle('Strikethrough', state.strike, 'S', () => chain().toggleStrike().run(), 'strike')}
          </span>
          <span className="tool-group">
            {ALIGNMENTS.map((align) =>
              toggle(ALIGN_LABELS[align], state.align === align, ALIGN_ICONS[align], () => chain().setTextAlign(align).run()),
            )}
          </span>
          <span className="tool-group">
            {toggle('Bullet list', state.bulletList, '•', () => chain().toggleBulletList().run())}
            {toggle('Numbered list', state.orderedList, <NumberedListIcon />, () => chain().toggleOrderedList().run())}
            {toggle('Quote', state.blockquote, '❝', () => chain().toggleBlockquote().run())}
          </span>
          <span className="tool-group">
            <label className="tool colour" title="Text colour">
              <span aria-hidden="true">A</span>
              <input
                type="color"
                aria-label="Text colour"
                value={toHex(state.color)}
                onChange={(e) => chain().setColor(e.target.value).run()}
              />
            </label>
            {toggle(
              'Highlight',
              state.highlight,
              'H',
              () => chain().toggleHighlight({ color: DEFAULT_HIGHLIGHT }).run(),
              'highlight',
            )}
            <label className="tool colour" title="Highlight colour">
              <span aria-hidden="true" className="swatch" />
              <input
                type="color"
                aria-label="Highlight colour"
                defaultValue={DEFAULT_HIGHLIGHT}
                onChange={(e) => chain().setHighlight({ color: e.target.value }).run()}
              />
            </label>
            {action('Clear formatting', '⌫', () => chain().unsetAllMarks().run())}
          </span>
        </span>
        <span className="tools-end">
          {action('Undo', '↶', () => chain().undo().run(), !state.canUndo)}
          {action('Redo', '↷', () => chain().redo().run(), !state.canRedo)}
          <button
            type="button"
            className="tool more-toggle"
            aria-label="More formatting"
            title="More formatting"
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((open) => !open)}
          >
            <span aria-hidden="true">⋯</span>
          </button>
        </span>
      </div>
      {linkOpen && <LinkPanel editor={editor} href={state.linkHref} onClose={() => setLinkOpen(false)} />}
    </div>
  );
}

/**
 * Adds, changes or removes the link at the selection: web addresses only (http and https), as the
 * server's sanitiser keeps; anything else (javascript:, data:, ...) is refused with a message.
 */
function LinkPanel({ editor, href, onClose }: { editor: Editor; href: string; onClose(): void }) {
  const [value, setValue] = useState(href);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const checked = checkLinkUrl(value);
    if (!checked.ok) {
      setError(checked.message);
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // Nothing selected: the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: checked.url, marks: [{ type: 'link', attrs: { href: checked.url } }] }).run();
    else chain.setLink({ href: checked.url }).run();
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // The panel sits inside the article's form: Enter adds the link, it does not send the article.
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };
  return (
    <div className="link-panel" role="group" aria-label="Edit link">
      <label htmlFor={id}>Link address</label>
      <input
        ref={input}
        id={id}
        type="url"
        {...URL_INPUT}
        placeholder="https://"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="link-actions">
        <button type="button" onClick={apply}>
          {href ? 'Update link' : 'Add link'}
        </button>
        {href && (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </button>
        )}
        <button type="button" className="secondary" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** <input type="color"> only takes #rrggbb; the editor may hold rgb() read back from HTML. */
function toHex(colour: string): string {
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  if (/^#[0-9a-f]{3}$/i.test(colour)) return `#${[...colour.slice(1)].map((c) => c + c).join('')}`;
  const rgb = colour.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/i);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`;
  return '#1b1b1b';
}

/** A toolbar icon: drawn, not written (a visible "1." would have to be part of the button's name). */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor">
      {children}
    </svg>
  );
}

const LinkIcon = () => (
  <Icon>
    <path
      d="M7.5 10.5a3 3 0 0 0 4.2 0l2.6-2.6a3 3 0 0 0-4.2-4.2L9 4.8M10.5 7.5a3 3 0 0 0-4.2 0L3.7 10.1a3 3 0 0 0 4.2 4.2L9 13.2"
      strokeWidth="1.6"
      strokeLinecap="round"
    />
  </Icon>
);

const NumberedListIcon = () => (
  <Icon>
    <path d="M2 2.5h1.5v4M1.8 6.5h3.2M1.8 10.2c.4-.6 2.6-.8 2.6.6 0 1-2.6 2-2.6 3.2h2.8" strokeWidth="1.2" />
    <path d="M7 4h10M7 9h10M7 14h10" strokeWidth="1.8" strokeLinecap="round" />
  </Icon>
);
