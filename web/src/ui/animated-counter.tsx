import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/** PRODUCT.md §11: counters run from 0 to the target in 2 s, in 30 ms steps. */
export const COUNTER_DURATION_MS = 2000;
export const COUNTER_STEP_MS = 30;

/** The value shown after `step` of `steps` steps: whole numbers, ending exactly on the target. */
export function counterValueAt(target: number, step: number, steps: number): number {
  return step >= steps ? target : Math.floor((target * step) / steps);
}

interface Props {
  value: number;
  format: (value: number) => string;
  label: string;
  testId?: string;
}

/**
 * A figure that counts up from 0 when it is scrolled into view. The server renders the target, so
 * the figure is there without JavaScript; screen readers get the target once, not every step.
 */
export function AnimatedCounter({ value, format, label, testId }: Props) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [shown, setShown] = useState<number | null>(null);
  const prefersReducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const element = ref.current;
    if (!element || prefersReducedMotion || typeof IntersectionObserver === 'undefined') {
      // No counting (the first render after hydration may have started one): show the figure.
      setShown(null);
      return;
    }
    let timer: ReturnType<typeof setInterval> | undefined;
    const steps = Math.ceil(COUNTER_DURATION_MS / COUNTER_STEP_MS);
    // From 0 until it is seen: below the fold nobody notices, and the count then starts from 0.
    setShown(0);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        let step = 0;
        timer = setInterval(() => {
          step += 1;
          if (step >= steps) {
            clearInterval(timer);
            setShown(null);
          } else setShown(counterValueAt(value, step, steps));
        }, COUNTER_STEP_MS);
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearInterval(timer);
    };
    // Runs once per mount: a later refresh of the figure shows the new value without counting again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefersReducedMotion]);

  return (
    <div className="counter">
      <p ref={ref} className="counter-value" data-testid={testId} data-target={value}>
        <span aria-hidden="true">{format(shown ?? value)}</span>
        <span className="visually-hidden">{format(value)}</span>
      </p>
      <p className="counter-label">{label}</p>
    </div>
  );
}
