import { useEffect, useId, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../i18n/i18n.tsx';
import { usePrefersReducedMotion } from './use-reduced-motion.ts';

/** PRODUCT.md §11: sliders and carousels advance every 5 s. */
export const CAROUSEL_INTERVAL_MS = 5000;

interface Props {
  /** Names the carousel for screen readers ("Highlights", "Causes"). */
  label: string;
  slides: ReactNode[];
  /**
   * `fade`: one slide at a time, stacked (the box keeps the tallest slide's height, so nothing
   * below moves). `window`: a row of cards starting at the current one (1 on phones, 3 on wide
   * screens), rotating through the list.
   */
  variant: 'fade' | 'window';
  className?: string;
  /** Content shown under the slides and above the controls, the same for every slide. */
  footer?: ReactNode;
  intervalMs?: number;
}

/**
 * An accessible carousel (WAI-ARIA APG pattern): previous/next buttons that wrap around, the left
 * and right arrow keys, a visible pause/play button, no movement while the pointer is over it or
 * focus is inside it, and none at all on its own when the reader prefers reduced motion (they
 * may still press Play). Auto-advance is announced politely only when it is not rotating.
 */
export function Carousel({ label, slides, variant, className, footer, intervalMs = CAROUSEL_INTERVAL_MS }: Props) {
  const t = useT();
  const trackId = useId();
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<'play' | 'pause' | null>(null);
  const [isHovered, setIsHovered] = useState(false);
  const [isFocused, setIsFocused] = useState(false);
  const prefersReducedMotion = usePrefersReducedMotion();
  const isPlaying = (choice ?? (prefersReducedMotion ? 'pause' : 'play')) === 'play';
  const isRotating = isPlaying && !isHovered && !isFocused && count > 1;

  useEffect(() => {
    if (!isRotating) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => clearTimeout(timer);
  }, [isRotating, index, count, intervalMs]);

  const go = (step: number) => setIndex((current) => (current + step + count) % count);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      go(event.key === 'ArrowLeft' ? -1 : 1);
    }
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsFocused(false);
  }

  return (
    <section
      className={`carousel carousel-${variant}${className ? ` ${className}` : ''}`}
      aria-roledescription={t('carousel.roleDescription')}
      aria-label={label}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setIsHovered(true)}
      onMouseLeave={() => setIsHovered(false)}
      onFocus={() => setIsFocused(true)}
      onBlur={onBlur}
    >
      <div id={trackId} className="carousel-track" aria-live={isRotating ? 'off' : 'polite'} data-testid="carousel-track" data-index={index}>
        {slides.map((slide, slideIndex) => {
          const position = (slideIndex - index + count) % count;
          return (
            <div
              key={slideIndex}
              className={position === 0 ? 'carousel-slide is-current' : 'carousel-slide'}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.position', { current: slideIndex + 1, count })}
              data-position={position}
              style={variant === 'window' ? { order: position } : undefined}
            >
              {slide}
            </div>
          );
        })}
      </div>
      {footer}
      <div className="carousel-controls">
        <button type="button" className="carousel-button" aria-controls={trackId} onClick={() => go(-1)} data-testid="carousel-prev">
          <span className="icon-prev" aria-hidden="true" />
          <span className="visually-hidden">{t('carousel.previous')}</span>
        </button>
        <span className="carousel-status" aria-hidden="true">
          {index + 1} / {count}
        </span>
        <button type="button" className="carousel-button" aria-controls={trackId} onClick={() => go(1)} data-testid="carousel-next">
          <span className="icon-next" aria-hidden="true" />
          <span className="visually-hidden">{t('carousel.next')}</span>
        </button>
        <button type="button" className="carousel-button carousel-pause" onClick={() => setChoice(isPlaying ? 'pause' : 'play')} data-testid="carousel-pause">
          <span className={isPlaying ? 'icon-pause' : 'icon-play'} aria-hidden="true" />
          {isPlaying ? t('carousel.pause') : t('carousel.play')}
        </button>
      </div>
    </section>
  );
}
