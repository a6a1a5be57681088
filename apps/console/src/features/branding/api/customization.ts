import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { brandingCalls, type CustomizationUpdate } from '@yanbo/contracts';
import { customizedInfoQuery } from '../../../app/entry-queries';
import { api } from '../../../app/http';

// A customisation save reports into its section's slot (seed 001 §5, §8: no toast on failure), so it is silent here.

export const customizationQuery = () =>
  queryOptions({
    queryKey: ['customization'],
    queryFn: ({ signal }) => api(brandingCalls.getCustomization, { signal }),
  });

export function useSaveCustomization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomizationUpdate) => api(brandingCalls.updateCustomization, { body }),
    meta: { silent: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(customizationQuery().queryKey, saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: customizationQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: customizedInfoQuery().queryKey }),
      ]);
    },
  });
}

/** POST /agent/customization/host/verify: the server looks up the host's TXT record (issue 8). */
export function useVerifyHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(brandingCalls.verifyCustomHost),
    meta: { silent: true },
    onSuccess: async (verified) => {
      queryClient.setQueryData(customizationQuery().queryKey, verified);
      await queryClient.invalidateQueries({ queryKey: customizedInfoQuery().queryKey });
    },
  });
}
