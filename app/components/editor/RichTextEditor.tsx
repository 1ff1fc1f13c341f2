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
  /** Shown, not editable (another person took the story over). */
  readOnly?: boolean;
};

const ALIGN_LABELS: Record<(typeof ALIGNMENTS)[number], string> = {
  left: 'Align left',
  center: 'Align center',
  right: 'Align right',
  justify: 'Justify',
};
const ALIGN_ICONS: Record<(typeof ALIGNMENTS)[number], string> = { left: '⇤', center: '≡', right: '⇥', justify: '☰' };
const DEFAULT_HIGHLIGHT = '#ffec99';

export default function RichTextEditor({
  initialContent,
  onChange,
  label,
  invalid,
  describedBy,
  readOnly = false,
}: RichTextEditorProps) {
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

  useEffect(() => {
    if (editor && editor.isEditable === readOnly) editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  return (
    <div className={`rich-editor${invalid ? ' invalid' : ''}`}>
      {editor ? <Toolbar editor={editor} label={label} /> : <div className="editor-toolbar" aria-hidden="true" />}
      <EditorContent editor={editor} />
    </div>
  );
}

type ToolState = ReturnType<typeof useToolState>;
type Chain = () => ReturnType<Editor['chain']>;

/** What the toolbar shows of the selection (v3 does not re-render on every transaction; the toolbar subscribes). */
function useToolState(editor: Editor) {
  return useEditorState({
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
}

/** A tool that is on or off for the selection (bold, a list, an alignment). */
function Toggle({
  name,
  pressed,
  children,
  onClick,
  className,
}: {
  name: string;
  pressed: boolean;
  children: ReactNode;
  onClick(): void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`tool${className ? ` ${className}` : ''}`}
      aria-label={name}
      title={name}
      aria-pressed={pressed}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** A tool that does something once (undo, clear formatting). */
function Action({
  name,
  children,
  onClick,
  disabled = false,
}: {
  name: string;
  children: ReactNode;
  onClick(): void;
  disabled?: boolean;
}) {
  return (
    <button type="button" className="tool" aria-label={name} title={name} disabled={disabled} onClick={onClick}>
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useToolState(editor);
  const [moreOpen, setMoreOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const moreId = useId();
  const chain = () => editor.chain().focus();
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
        <EverydayTools state={state} chain={chain} onLink={() => setLinkOpen((open) => !open)} />
        <span className="tools-more" id={moreId} data-open={moreOpen}>
          <FontSizeTool state={state} chain={chain} />
          <MarkTools state={state} chain={chain} />
          <BlockTools state={state} chain={chain} />
          <ColourTools state={state} chain={chain} />
        </span>
        <span className="tools-end">
          <Action name="Undo" onClick={() => chain().undo().run()} disabled={!state.canUndo}>
            ↶
          </Action>
          <Action name="Redo" onClick={() => chain().redo().run()} disabled={!state.canRedo}>
            ↷
          </Action>
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

type ToolsProps = { state: ToolState; chain: Chain };

/** Always on screen, on a phone too: block style, bold, italic and link. */
function EverydayTools({ state, chain, onLink }: ToolsProps & { onLink(): void }) {
  return (
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
      <Toggle name="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()} className="bold">
        B
      </Toggle>
      <Toggle name="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()} className="italic">
        I
      </Toggle>
      <Toggle name="Link" pressed={state.link} onClick={onLink}>
        <LinkIcon />
      </Toggle>
    </span>
  );
}

function FontSizeTool({ state, chain }: ToolsProps) {
  return (
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
  );
}

function MarkTools({ state, chain }: ToolsProps) {
  return (
    <span className="tool-group">
      <Toggle name="Underline" pressed={state.underline} onClick={() => chain().toggleUnderline().run()} className="underline">
        U
      </Toggle>
      <Toggle name="Strikethrough" pressed={state.strike} onClick={() => chain().toggleStrike().run()} className="strike">
        S
      </Toggle>
    </span>
  );
}

/** The paragraph's alignment, lists and quote. */
function BlockTools({ state, chain }: ToolsProps) {
  return (
    <>
      <span className="tool-group">
        {ALIGNMENTS.map((align) => (
          <Toggle
            key={align}
            name={ALIGN_LABELS[align]}
            pressed={state.align === align}
            onClick={() => chain().setTextAlign(align).run()}
          >
            {ALIGN_ICONS[align]}
          </Toggle>
        ))}
      </span>
      <span className="tool-group">
        <Toggle name="Bullet list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          •
        </Toggle>
        <Toggle name="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          <NumberedListIcon />
        </Toggle>
        <Toggle name="Quote" pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
          ❝
        </Toggle>
      </span>
    </>
  );
}

/** Text colour, highlight and its colour, and clearing every mark. */
function ColourTools({ state, chain }: ToolsProps) {
  return (
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
      <Toggle
        name="Highlight"
        pressed={state.highlight}
        onClick={() => chain().toggleHighlight({ color: DEFAULT_HIGHLIGHT }).run()}
        className="highlight"
      >
        H
      </Toggle>
      <label className="tool colour" title="Highlight colour">
        <span aria-hidden="true" className="swatch" />
        <input
          type="color"
          aria-label="Highlight colour"
          defaultValue={DEFAULT_HIGHLIGHT}
          onChange={(e) => chain().setHighlight({ color: e.target.value }).run()}
        />
      </label>
      <Action name="Clear formatting" onClick={() => chain().unsetAllMarks().run()}>
        ⌫
      </Action>
    </span>
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
