import { useState } from 'react';
import {
  KEYWORDS_MAX,
  META_DESCRIPTION_MAX,
  SEO_TITLE_MAX,
  normalizeKeywords,
  seoScore,
  shownSuggestions,
  type SeoFields,
} from '../../../../lib/rules/seo-panel.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

const TEXT = ARTICLE_FORM.seo;

interface Props {
  seo: SeoFields;
  title: string;
  excerpt: string;
  categoryNames: string[];
  onChange: (seo: SeoFields, edited: keyof SeoFields) => void;
}

/** The SEO panel (spec §5, §9): fields with their limits, keywords, the score and suggestions. */
export function SeoPanel({ seo, title, excerpt, categoryNames, onChange }: Props) {
  const [keyword, setKeyword] = useState('');
  const result = seoScore(seo, title, excerpt);
  const set = (field: keyof SeoFields, value: SeoFields[keyof SeoFields]) =>
    onChange({ ...seo, [field]: value }, field);
  const add = (k: string) => {
    set('keywords', normalizeKeywords([...seo.keywords, k]));
    setKeyword('');
  };
  return (
    <fieldset className="dash-seo">
      <legend>{TEXT.legend}</legend>
      <p className={`dash-seo__score dash-seo__score--${result.band}`}>
        {TEXT.score} <strong>{result.score}</strong>/100 ({result.band})
      </p>
      <div className="dash-field">
        <label htmlFor="dash-seo-title">{TEXT.seoTitle(seo.seoTitle.length, SEO_TITLE_MAX)}</label>
        <input
          id="dash-seo-title"
          maxLength={SEO_TITLE_MAX}
          value={seo.seoTitle}
          onChange={(e) => set('seoTitle', e.target.value)}
        />
      </div>
      <div className="dash-field">
        <label htmlFor="dash-seo-description">
          {TEXT.metaDescription(seo.metaDescription.length, META_DESCRIPTION_MAX)}
        </label>
        <textarea
          id="dash-seo-description"
          rows={3}
          maxLength={META_DESCRIPTION_MAX}
          value={seo.metaDescription}
          onChange={(e) => set('metaDescription', e.target.value)}
        />
      </div>
      <div className="dash-field">
        <label htmlFor="dash-seo-focus">{TEXT.focusKeyword}</label>
        <input id="dash-seo-focus" value={seo.focusKeyword} onChange={(e) => set('focusKeyword', e.target.value)} />
      </div>
      <div className="dash-field">
        <label htmlFor="dash-seo-keyword">{TEXT.keywordsCount(seo.keywords.length, KEYWORDS_MAX)}</label>
        <ul className="dash-chips" aria-label={TEXT.keywords}>
          {seo.keywords.map((k) => (
            <li key={k}>
              {k}{' '}
              <button
                type="button"
                aria-label={TEXT.removeKeyword(k)}
                onClick={() =>
                  set(
                    'keywords',
                    seo.keywords.filter((x) => x !== k),
                  )
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id="dash-seo-keyword"
          value={keyword}
          disabled={seo.keywords.length >= KEYWORDS_MAX}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault();
              if (keyword.trim()) add(keyword);
            }
          }}
        />
        <ul className="dash-chips dash-chips--suggested" aria-label={TEXT.suggestedKeywords}>
          {shownSuggestions(categoryNames, seo.keywords).map((k) => (
            <li key={k}>
              <button type="button" disabled={seo.keywords.length >= KEYWORDS_MAX} onClick={() => add(k)}>
                + {k}
              </button>
            </li>
          ))}
        </ul>
      </div>
      {result.suggestions.length > 0 && (
        <ul className="dash-seo__suggestions">
          {result.suggestions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
