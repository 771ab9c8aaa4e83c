/** TanStack Query hooks of Contact Submissions. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSubmissions, type SubmissionFilters, type SubmissionStatus } from './list-submissions.ts';
import { setSubmissionStatus } from './set-submission-status.ts';

const submissionKeys = {
  all: ['contact-submissions'] as const,
  list: (f: SubmissionFilters, page: number) => ['contact-submissions', f.status, f.formType, page] as const,
};

export function useSubmissions(filters: SubmissionFilters, page: number) {
  return useQuery({
    queryKey: submissionKeys.list(filters, page),
    queryFn: () => listSubmissions(filters, page),
    placeholderData: keepPreviousData,
  });
}

export function useSetSubmissionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: SubmissionStatus }) => setSubmissionStatus(id, status),
    onSuccess: () => client.invalidateQueries({ queryKey: submissionKeys.all }),
  });
}
