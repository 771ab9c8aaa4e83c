import { HERO_ALT_MAX_CHARS, HERO_CAPTION_MAX_CHARS } from '../../../shared/rules/article-rules.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import type { FormState, UpdateForm } from '../form-state.ts';
import { UploadField } from './UploadField.tsx';

interface Props {
  form: FormState;
  update: UpdateForm;
  onBusy: (busy: boolean) => void;
}

/** The featured image (spec §5) with its reference, alt text and caption (issue 16). */
export function ImageFields({ form, update, onBusy }: Props) {
  return (
    <>
      <UploadField
        kind="image"
        label={ARTICLE_FORM.fields.featuredImage}
        url={form.heroImageUrl}
        onUploaded={(url) => update({ heroImageUrl: url })}
        onBusy={onBusy}
      />
      <div className="dash-field">
        <label htmlFor="dash-image-reference">{ARTICLE_FORM.fields.imageReference}</label>
        <input
          id="dash-image-reference"
          value={form.imageReference}
          onChange={(e) => update({ imageReference: e.target.value })}
        />
      </div>
      <div className="dash-field">
        <label htmlFor="dash-image-alt">{ARTICLE_FORM.altLabel}</label>
        <input
          id="dash-image-alt"
          maxLength={HERO_ALT_MAX_CHARS}
          aria-describedby="dash-image-alt-hint"
          value={form.heroImageAlt}
          onChange={(e) => update({ heroImageAlt: e.target.value })}
        />
        <p id="dash-image-alt-hint" className="dash-muted">
          {ARTICLE_FORM.altHint} {form.heroImageAlt.length}/{HERO_ALT_MAX_CHARS}
        </p>
      </div>
      <div className="dash-field">
        <label htmlFor="dash-image-caption">{ARTICLE_FORM.captionLabel}</label>
        <input
          id="dash-image-caption"
          maxLength={HERO_CAPTION_MAX_CHARS}
          value={form.heroImageCaption}
          onChange={(e) => update({ heroImageCaption: e.target.value })}
        />
      </div>
    </>
  );
}
