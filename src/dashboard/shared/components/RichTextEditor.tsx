import { useRef } from 'react';
import { Editor } from '@tinymce/tinymce-react';

interface Props {
  id: string;
  /** The frame's title (axe's frame-title: a screen reader names the frame by it). */
  title: string;
  value: string;
  onChange: (html: string) => void;
  /** The loaded HTML as the editor normalises it, so merely opening a form does not count as a change. */
  onNormalized: (html: string) => void;
  /** Ctrl+S / Cmd+S typed inside the editor's frame, where the page's own key handler never hears it. */
  onSaveShortcut?: () => void;
  /** The editor's height in px (the article body's 440 by default). */
  height?: number;
}

/**
 * TinyMCE 8, self-hosted from /tinymce (copied at build time; see scripts/lib/copy-tinymce.ts).
 * The toolbar offers only what the public article page renders and its sanitiser keeps:
 * headings, lists, links, images, quotes and embeds. The article body and the newsletter's
 * intro (issue 30) both use it.
 */
export function RichTextEditor({ id, title, value, onChange, onNormalized, onSaveShortcut, height = 440 }: Props) {
  // TinyMCE reads its setup once: the shortcut calls whatever the latest render handed in.
  const save = useRef(onSaveShortcut);
  save.current = onSaveShortcut;
  return (
    <Editor
      id={id}
      tinymceScriptSrc="/tinymce/tinymce.min.js"
      licenseKey="gpl"
      value={value}
      onEditorChange={(html) => onChange(html)}
      onInit={(_event, editor) => {
        // TinyMCE labels the frame's <body> (a generic element, where aria-label is prohibited);
        // the frame's title names the editing area instead.
        editor.getBody().removeAttribute('aria-label');
        onNormalized(editor.getContent());
      }}
      init={{
        height,
        menubar: false,
        // Every button in view, on as many rows as the column needs (no '…' overflow menu).
        toolbar_mode: 'wrap',
        promotion: false,
        branding: false,
        skin: 'oxide-dark',
        content_css: 'dark',
        iframe_attrs: { title },
        plugins: 'lists link image media autolink code',
        toolbar: 'undo redo | blocks | bold italic | bullist numlist | link image media blockquote | removeformat code',
        block_formats: 'Paragraph=p; Heading 2=h2; Heading 3=h3; Heading 4=h4',
        link_default_target: '_blank',
        convert_urls: false,
        setup: (editor) => {
          // 'meta' is Cmd on a Mac and Ctrl elsewhere.
          editor.addShortcut('meta+s', title, () => save.current?.());
        },
      }}
    />
  );
}
