import { useCallback, useEffect, useState } from 'react';
import type { TManageMonthlyPlanRequest, TMonthlyPlanView } from '@sahay/server/modules/donations/monthly/monthly-plan.schema';
import { mutateProcedure, queryProcedure } from '#web/api/procedure-fetch.ts';

/** The manage link's token, from the address's fragment (never sent to the server in a request line). */
export function tokenOfHash(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

type State = { phase: 'loading' } | { phase: 'shown'; plan: TMonthlyPlanView } | { phase: 'failed'; error: unknown };

/** donations.monthly.get and .manage for the plan the link names; the plan shown is the server's answer. */
export function useMonthlyPlan(token: string) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [changeError, setChangeError] = useState<unknown>(null);
  const [isChanging, setIsChanging] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    queryProcedure('donations.monthly.get', { token })
      .then((plan) => isCurrent && setState({ phase: 'shown', plan }))
      .catch((error: unknown) => isCurrent && setState({ phase: 'failed', error }));
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const change = useCallback(
    async (change: TManageMonthlyPlanRequest['change']): Promise<boolean> => {
      setIsChanging(true);
      setChangeError(null);
      try {
        const plan = await mutateProcedure('donations.monthly.manage', { token, change });
        setState({ phase: 'shown', plan });
        return true;
      } catch (error) {
        setChangeError(error);
        return false;
      } finally {
        setIsChanging(false);
      }
    },
    [token],
  );

  return { state, change, changeError, isChanging };
}
