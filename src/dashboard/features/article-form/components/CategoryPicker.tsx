import { primaryCategory, toggleCategory, type CategoryOption } from '../../../shared/rules/article-rules.ts';
import { ARTICLE_FORM } from '../../../../lib/messages/dashboard-article-form.ts';

const TEXT = ARTICLE_FORM.categories;

interface Props {
  all: CategoryOption[];
  selected: number[];
  starred: number | null;
  onChange: (selected: number[], starred: number | null) => void;
}

/**
 * Categories (spec §5): several may be chosen, a subcategory brings its parent, and one may be
 * starred as primary (toggle); without a star the first chosen is primary.
 */
export function CategoryPicker({ all, selected, starred, onChange }: Props) {
  const primary = primaryCategory(selected, starred);
  const tops = all.filter((c) => c.parent_id === null);
  const children = (id: number) => all.filter((c) => c.parent_id === id);
  const item = (c: CategoryOption) => {
    const checked = selected.includes(c.id);
    return (
      <span className="dash-category">
        <label>
          <input
            type="checkbox"
            checked={checked}
            onChange={() => onChange(toggleCategory(selected, c.id, all), starred)}
          />{' '}
          {c.name}
        </label>
        {checked && (
          <button
            type="button"
            className={primary === c.id ? 'dash-star is-primary' : 'dash-star'}
            aria-pressed={starred === c.id}
            aria-label={TEXT.primaryOf(c.name)}
            title={primary === c.id ? TEXT.primary : TEXT.makePrimary}
            onClick={() => onChange(selected, starred === c.id ? null : c.id)}
          >
            {primary === c.id ? '★' : '☆'}
          </button>
        )}
      </span>
    );
  };
  return (
    <fieldset className="dash-categories">
      <legend>{TEXT.legend}</legend>
      <ul>
        {tops.map((top) => (
          <li key={top.id}>
            {item(top)}
            {children(top.id).length > 0 && (
              <ul>
                {children(top.id).map((c) => (
                  <li key={c.id}>{item(c)}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
