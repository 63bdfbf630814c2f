import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentLanguage } from '@cacifo/contract/schemas/content';
import { contentApi } from '@cacifo/contract/endpoints/content';
import { callEndpoint } from '@/lib/api-client';
import { endpointKey, endpointQuery } from '@/lib/endpoint-query';
import type { MutationFeedback } from '@/lib/mutation-feedback';

export function useTermsVersions(language: ContentLanguage) {
  return useQuery(endpointQuery(contentApi.termsVersions, { query: { language } }));
}

/** POST /api/admin/terms: publishes the next version; 409 when nothing changed. */
export function usePublishTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { language: ContentLanguage; body: string }) =>
      callEndpoint(contentApi.publishTerms, { body }),
    meta: { success: (v: { version: number }) => ['admins.terms.published', { version: v.version }] },
    onSuccess: (_, v) =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(contentApi.termsVersions, { query: { language: v.language } }),
      }),
  });
}

const faqsQueryOptions = (language: ContentLanguage) =>
  endpointQuery(contentApi.faqs, { query: { language } });

export function useFaqs(language: ContentLanguage) {
  return useQuery(faqsQueryOptions(language));
}

function useFaqMutation<V>(
  language: ContentLanguage,
  fn: (v: V) => Promise<unknown>,
  meta: MutationFeedback,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faqsQueryOptions(language).queryKey }),
  });
}

export function useSaveFaq(language: ContentLanguage) {
  return useFaqMutation(
    language,
    ({
      id,
      question,
      answer,
      updatedAt,
    }: {
      id: number | null;
      question: string;
      answer: string;
      updatedAt?: string;
    }) =>
      id === null
        ? callEndpoint(contentApi.addFaq, { body: { language, question, answer } })
        : callEndpoint(contentApi.updateFaq, {
            params: { id },
            body: { question, answer, updatedAt: updatedAt ?? '' },
          }),
    {
      success: (_r: unknown, v: { id: number | null }) =>
        v.id === null ? 'admins.faqs.added' : 'admins.faqs.saved',
    },
  );
}

/** PUT /api/admin/faqs/order: all of the language's ids in the new order (409 when stale). */
export function useSaveFaqOrder(language: ContentLanguage) {
  return useFaqMutation(
    language,
    (ids: number[]) => callEndpoint(contentApi.reorderFaqs, { body: { language, ids } }),
    { success: 'admins.faqs.orderSaved', codes: { conflict: 'admins.faqs.orderStale' } },
  );
}

export function useDeleteFaq(language: ContentLanguage) {
  return useFaqMutation(language, (id: number) => callEndpoint(contentApi.deleteFaq, { params: { id } }), {
    success: 'admins.faqs.deleted',
  });
}
