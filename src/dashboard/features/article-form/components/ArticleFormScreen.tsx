import { lazy, Suspense } from 'react';
import { useParams } from 'wouter';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';
import { Spinner } from '../../../shared/components/Spinner.tsx';
import { useStaffSession } from '../../../shared/session/use-staff-session.ts';
import { useArticle, useCategories } from '../api/queries.ts';
import { EMPTY_FORM, formFromArticle } from '../form-state.ts';
import { ArticleForm } from './ArticleForm.tsx';

// Loaded only for a colleague's article: it renders the body through sanitize-html (~90 KB
// gzipped), which the form itself loads only once TinyMCE is ready.
const ArticleReadOnly = lazy(() => import('./ArticleReadOnly.tsx').then((m) => ({ default: m.ArticleReadOnly })));

/** New Article (/articles/new) and Edit Article (/articles/{id}): loads what the form needs. */
export default function ArticleFormScreen() {
  const params = useParams<{ id?: string }>();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isEdit = params.id !== undefined;
  const categories = useCategories();
  const article = useArticle(id);
  const session = useStaffSession();

  if (isEdit && id === null) return <LoadError message={ARTICLE_FORM.articleNotFound} />;
  if (categories.isPending || (isEdit && article.isPending)) return <Spinner label={ARTICLE_FORM.loading} />;
  if (isEdit && article.isError) return <LoadError message={article.error.message || ARTICLE_FORM.articleNotFound} />;
  // A colleague's article (staff read every one): the database would refuse a save, so no form.
  const me = session.data;
  if (article.data && me && me.role !== 'admin' && article.data.authorId !== me.userId) {
    return (
      <Suspense fallback={<Spinner label={ARTICLE_FORM.loading} />}>
        <ArticleReadOnly article={article.data} categories={categories.data ?? []} />
      </Suspense>
    );
  }
  return (
    <ArticleForm
      // A new key after a restore from history reloads the form from the stored article.
      key={article.dataUpdatedAt}
      articleId={id}
      stored={article.data ?? null}
      initial={article.data ? formFromArticle(article.data) : EMPTY_FORM}
      categories={categories.data ?? []}
      categoriesError={categories.isError ? ARTICLE_FORM.categoriesFailed : null}
    />
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <section>
      <h1>{ARTICLE_FORM.editTitle}</h1>
      <p className="dash-error" role="alert">
        {message}
      </p>
    </section>
  );
}
