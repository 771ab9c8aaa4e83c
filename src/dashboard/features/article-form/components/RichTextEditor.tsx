import { Editor } from '@tinymce/tinymce-react';

interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  /** The loaded HTML as the editor normalises it, so merely opening a form does not count as a change. */
  onNormalized: (html: string) => void;
}

/**
 * TinyMCE 8, self-hosted from /tinymce (copied at build time; see scripts/lib/copy-tinymce.ts).
 * The toolbar offers only what the public article page renders and its sanitiser keeps:
 * headings, lists, links, images, quotes and embeds.
 */
export function RichTextEditor({ id, value, onChange, onNormalized }: Props) {
  return (
    <Editor
      id={id}
      tinymceScriptSrc="/tinymce/tinymce.min.js"
      licenseKey="gpl"
      value={value}
      onEditorChange={(html) => onChange(html)}
      onInit={(_event, editor) => onNormalized(editor.getContent())}
      init={{
        height: 440,
        menubar: false,
        promotion: false,
        branding: false,
        skin: 'oxide-dark',
        content_css: 'dark',
        plugins: 'lists link image media autolink code',
        toolbar: 'undo redo | blocks | bold italic | bullist numlist | link image media blockquote | removeformat code',
        block_formats: 'Paragraph=p; Heading 2=h2; Heading 3=h3; Heading 4=h4',
        link_default_target: '_blank',
        convert_urls: false,
      }}
    />
  );
}
