/** TanStack Query hooks of Manage Events; every write invalidates the one list. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createEvent, listEvents, setEventArchived, updateEvent, type EventInput } from './events.ts';

const key = ['events'] as const;

export function useEvents() {
  return useQuery({ queryKey: key, queryFn: listEvents });
}

export function useSaveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: EventInput }) =>
      id === null ? createEvent(input) : updateEvent(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useArchiveEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => setEventArchived(id, archived),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
