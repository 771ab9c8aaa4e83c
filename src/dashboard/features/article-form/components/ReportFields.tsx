import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import type { FormState, UpdateForm } from '../form-state.ts';
import { UploadField } from './UploadField.tsx';

interface Props {
  form: FormState;
  update: UpdateForm;
  onBusy: (busy: boolean) => void;
}

/** 'This is a report (PDF)' and, once ticked, the report's PDF upload (spec §5). */
export function ReportFields({ form, update, onBusy }: Props) {
  return (
    <>
      <div className="dash-field dash-inline">
        <label>
          <input type="checkbox" checked={form.isReport} onChange={(e) => update({ isReport: e.target.checked })} />{' '}
          {ARTICLE_FORM.fields.isReport}
        </label>
      </div>
      {form.isReport && (
        <UploadField
          kind="pdf"
          label={ARTICLE_FORM.fields.reportPdf}
          url={form.pdfUrl}
          onUploaded={(url) => update({ pdfUrl: url })}
          onBusy={onBusy}
        />
      )}
    </>
  );
}
