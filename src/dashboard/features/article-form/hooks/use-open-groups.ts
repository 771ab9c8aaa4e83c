import { useState } from 'react';

/** Which of the settings panel's groups this device keeps closed (issue 29). */
const KEY = 'dashboard:editor-groups-closed';

function read(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The settings panel's groups, open unless the editor closed them: the choice is remembered on
 * this device (local storage) for every article, as Ghost's and WordPress's panels do.
 */
export function useOpenGroups() {
  const [closed, setClosed] = useState(read);
  return {
    isOpen: (id: string) => !closed.includes(id),
    setOpen: (id: string, open: boolean) => {
      const next = open ? closed.filter((c) => c !== id) : [...new Set([...closed, id])];
      setClosed(next);
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Storage full or refused: the choice lasts for this visit only.
      }
    },
  };
}
