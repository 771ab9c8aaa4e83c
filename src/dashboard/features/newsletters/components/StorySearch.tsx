import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { NEWSLETTERS } from '../../../../lib/messages/dashboard-newsletters.ts';
import { searchStories, type Story } from '../api/newsletters.ts';

/** 'Add a story': published stories by title, each with an Add button. */
export function StorySearch({ onAdd }: { onAdd: (story: Story) => void }) {
  const uid = useId();
  const [term, setTerm] = useState('');
  const deferred = useDeferredValue(term);
  const found = useQuery({
    queryKey: ['newsletters', 'search', deferred.trim().toLowerCase()],
    queryFn: () => searchStories(deferred),
    enabled: deferred.trim() !== '',
  });
  return (
    <div className="newsletter-search">
      <h3>{NEWSLETTERS.addStory}</h3>
      <label htmlFor={`${uid}-q`}>{NEWSLETTERS.addSearch}</label>
      <input id={`${uid}-q`} type="search" value={term} onChange={(e) => setTerm(e.target.value)} />
      {found.data && (
        <>
          {found.data.stories.length === 0 ? (
            <p>{NEWSLETTERS.searchEmpty}</p>
          ) : (
            <ul>
              {found.data.stories.map((s) => (
                <li key={s.id}>
                  <span>{s.title}</span>
                  <button type="button" onClick={() => onAdd(s)} aria-label={`${NEWSLETTERS.add}: ${s.title}`}>
                    {NEWSLETTERS.add}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {found.data.more && <p className="dash-hint">{NEWSLETTERS.searchMore}</p>}
        </>
      )}
    </div>
  );
}
