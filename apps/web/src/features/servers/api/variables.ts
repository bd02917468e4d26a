/** The game settings of an owned server: its egg variables the customer gives (issue 28 point 3). */
import type { EggVariableValue, ServerVariablesBody } from '@falkenhost/contracts/egg-variables';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { usePageLanguage } from './servers';

/** The variables of a server in a language: their labels are in the page's language (docs/decisions/438). */
export const serverVariablesKey = (userPackageId: number, language: string) =>
  ['servers', 'variables', userPackageId, language] as const;

/** GET variables?id=: the server's variables the order asked for, each with its current value. */
export function useServerVariables(userPackageId: number) {
  const language = usePageLanguage();
  return useQuery({
    queryKey: serverVariablesKey(userPackageId, language),
    queryFn: async () =>
      unwrap(await api.get<EggVariableValue[]>(`/api/private/servers/variables?id=${userPackageId}`)),
  });
}

/**
 * PUT variables {id, variables}: the same list with the new values (set on the panel; the server uses
 * them at its next start); 400 variable, 409 server-state or busy, 502 panel.
 */
export const updateServerVariables = (body: ServerVariablesBody) =>
  api.put<EggVariableValue[]>('/api/private/servers/variables', body);
