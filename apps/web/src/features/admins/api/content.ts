import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentLanguage, Faq, TermsVersion } from '@cacifo/contract/schemas/content';
import { api } from '@/lib/api-client';

export const contentKeys = {
  terms: (language: ContentLanguage) => ['terms', language] as const,
  faqs: (language: ContentLanguage) => ['faqs', language] as const,
};

export function useTermsVersions(language: ContentLanguage) {
  return useQuery({
    queryKey: contentKeys.terms(language),
    queryFn: ({ signal }) => api.get<TermsVersion[]>('/api/admin/terms', { query: { language }, signal }),
  });
}

/** POST /api/admin/terms: publishes the next version; 409 when nothing changed. */
export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { language: ContentLanguage; body: string }) =>
      api.post<TermsVersion>('/api/admin/terms', body),
    onSuccess: (_, v) => queryClient.invalidateQueries({ queryKey: contentKeys.terms(v.language) }),
  });
}

export const faqsQueryOptions = (language: ContentLanguage) =>
  queryOptions({
    queryKey: contentKeys.faqs(language),
    queryFn: ({ signal }) => api.get<Faq[]>('/api/admin/faqs', { query: { language }, signal }),
  });

export function useFaqs(language: ContentLanguage) {
  return useQuery(faqsQueryOptions(language));
}

function useFaqMutation<V>(language: ContentLanguage, fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.faqs(language) }),
  });
}

export function useSaveFaq(language: ContentLanguage) {
  return useFaqMutation(
    language,
    ({ id, question, answer }: { id: number | null; question: string; answer: string }) =>
      id === null
        ? api.post<Faq>('/api/admin/faqs', { language, question, answer })
        : api.put<Faq>(`/api/admin/faqs/${id}`, { question, answer }),
  );
}

/** PUT /api/admin/faqs/order: all of the language's ids in the new order (409 when stale). */
export function useSaveFaqOrder(language: ContentLanguage) {
  return useFaqMutation(language, (ids: number[]) =>
    api.put<Faq[]>('/api/admin/faqs/order', { language, ids }),
  );
}

export function useDeleteFaq(language: ContentLanguage) {
  return useFaqMutation(language, (id: number) => api.delete<null>(`/api/admin/faqs/${id}`));
}
