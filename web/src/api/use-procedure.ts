import { useEffect, useReducer, useState } from 'react';
import { httpStatusOf } from './errors.ts';
import { mutateProcedure, queryProcedure, type MutationPath, type ProcedureInput, type ProcedureOutput, type QueryPath } from './procedure-fetch.ts';

/**
 * React Query's shape in miniature, for the public pages' few calls over procedure-fetch.ts (the
 * member and admin areas use React Query itself; see api/trpc.ts).
 */
interface MutationState<TOutput> {
  isPending: boolean;
  data: TOutput | undefined;
  error: unknown;
}

/** A mutation named by its procedure's path; its input and answer are that procedure's (procedure-fetch.ts). */
export function useProcedureMutation<TPath extends MutationPath>(path: TPath, options: { onSuccess?: (data: ProcedureOutput<TPath>) => void } = {}) {
  type TOutput = ProcedureOutput<TPath>;
  const idle: MutationState<TOutput> = { isPending: false, data: undefined, error: null };
  const [state, setState] = useState<MutationState<TOutput>>(idle);

  async function mutate(input: ProcedureInput<TPath>, callbacks: { onSuccess?: (data: TOutput) => void; onError?: (error: unknown) => void } = {}): Promise<boolean> {
    setState({ isPending: true, data: undefined, error: null });
    try {
      const data = await mutateProcedure(path, input);
      setState({ isPending: false, data, error: null });
      options.onSuccess?.(data);
      callbacks.onSuccess?.(data);
      return true;
    } catch (error) {
      setState({ isPending: false, data: undefined, error });
      callbacks.onError?.(error);
      return false;
    }
  }

  return { ...state, isSuccess: state.data !== undefined, mutate, reset: () => setState(idle) };
}

/** Answers kept for the visit; a 4xx is kept too (asking again will not change it), other failures are not. */
const answers = new Map<string, { data?: unknown; error?: unknown }>();

/** A query named by its procedure's path; its input and answer are that procedure's (procedure-fetch.ts). */
export function useProcedureQuery<TPath extends QueryPath>(path: TPath, input: ProcedureInput<TPath>, options: { enabled?: boolean } = {}) {
  const isEnabled = options.enabled ?? true;
  const key = `${path}:${JSON.stringify(input)}`;
  const [, answered] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ key: string; error: unknown } | null>(null);

  useEffect(() => {
    if (!isEnabled || answers.has(key)) return;
    let isCurrent = true;
    queryProcedure(path, input).then(
      (data) => answers.set(key, { data }),
      (error: unknown) => {
        const status = httpStatusOf(error);
        if (status !== undefined && status >= 400 && status < 500) answers.set(key, { error });
        else if (isCurrent) setFailure({ key, error });
      },
    ).finally(() => {
      if (isCurrent) answered();
    });
    return () => {
      isCurrent = false;
    };
    // `input` is part of `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isEnabled, path]);

  const answer = answers.get(key);
  const error = answer?.error ?? (failure?.key === key ? failure.error : null);
  return { data: answer?.data as ProcedureOutput<TPath> | undefined, error, isLoading: isEnabled && !answer && error === null };
}
