import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'wouter';
import { useT } from '#web/i18n/i18n.tsx';
import type { NavMenuItem } from '../nav-items.ts';

interface Props {
  menu: NavMenuItem;
  currentPath: string;
  onNavigate: () => void;
}

/**
 * A disclosure menu (button + list of links): Enter/Space toggle it, ArrowDown opens it and moves
 * into it, arrows move between its links, Escape closes it and returns to the button, and a click
 * or focus anywhere outside closes it.
 */
export function NavDropdown({ menu, currentPath, onNavigate }: Props) {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = `nav-menu-${menu.id}`;

  useEffect(() => {
    if (!isOpen) return;
    const closeIfOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, [isOpen]);

  function links(): HTMLAnchorElement[] {
    return Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`#${listId} a`) ?? []);
  }

  function focusLink(index: number) {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    const all = links();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case 'Escape':
        if (!isOpen) return;
        event.stopPropagation();
        setIsOpen(false);
        buttonRef.current?.focus();
        break;
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) flushSync(() => setIsOpen(true));
        focusLink(current + 1);
        break;
      case 'ArrowUp':
        if (!isOpen) return;
        event.preventDefault();
        focusLink(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
      case 'End':
        if (current < 0) return;
        event.preventDefault();
        focusLink(event.key === 'Home' ? 0 : -1);
        break;
    }
  }

  const isCurrentSection = menu.items.some((item) => item.href === currentPath);
  return (
    <li ref={rootRef} className="nav-item has-menu" onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={isCurrentSection ? 'nav-link is-current' : 'nav-link'}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen(!isOpen)}
      >
        {t(menu.label)}
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="nav-menu" hidden={!isOpen}>
        {menu.items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="nav-menu-link"
              aria-current={item.href === currentPath ? 'page' : undefined}
              onClick={() => {
                setIsOpen(false);
                onNavigate();
              }}
            >
              {t(item.label)}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
