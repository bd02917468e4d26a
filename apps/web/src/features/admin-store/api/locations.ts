/** The panel locations' names in other languages (docs/decisions/242; JSON). */
import type { AdminLocation, LocationNamesBody } from '@falkenhost/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { adminLocationsKey } from './keys';

const PATH = '/api/private/store/locations';

/** GET locations: the panel's locations (code, English name) with their names in the other languages. */
export function useAdminLocations() {
  return useQuery({
    queryKey: adminLocationsKey,
    queryFn: async () => unwrap(await api.get<AdminLocation[]>(PATH)),
  });
}

/** PUT a location's names, replacing its old ones: 200, or 400 validation, 404 gone from the panel. */
export const saveLocationNames = (body: LocationNamesBody) => api.put<AdminLocation>(PATH, body);
