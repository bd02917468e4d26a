/** Schedules of an hourly server (product.md "Entities and fields", "Server calls" ("Schedule")). */
import type { Day } from '@falkenhost/contracts/constants';
import type { ScheduleAnswer } from '@falkenhost/contracts/servers';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';

export const scheduleKey = (userPackageId: number) => ['servers', 'schedule', userPackageId] as const;

/** GET schedule?user_packages_id=: the schedules and the time zone their hours are in. */
export function useSchedule(userPackageId: number) {
  return useQuery({
    queryKey: scheduleKey(userPackageId),
    queryFn: async () =>
      unwrap(
        await api.get<ScheduleAnswer>(`/api/private/servers/schedule?user_packages_id=${userPackageId}`),
      ),
  });
}

export interface AddScheduleInput {
  user_packages_id: number;
  day: Day;
  /** 0-23 */
  startHour: number;
  /** 0-23, the last active hour, not before startHour */
  endHour: number;
  /** the browser's IANA time zone */
  timeZone?: string;
}

/** POST schedule: 201; 400 invalid-input or invalid-hours, 409 schedule-overlap. */
export const addSchedule = (body: AddScheduleInput) =>
  api.post<unknown>('/api/private/servers/schedule', body);

export interface DeleteScheduleInput {
  user_packages_id: number;
  /** the schedule's id */
  id: number;
  /** the hours to take out of it */
  hours: number[];
  day: Day;
}

/** DELETE schedule {user_packages_id, id, hoursToDelete (JSON string), day}: 200. */
export const deleteSchedule = ({ hours, ...rest }: DeleteScheduleInput) =>
  api.delete<unknown>('/api/private/servers/schedule', { ...rest, hoursToDelete: JSON.stringify(hours) });
