// The sidebar (issue 22; issues 37 and 44 item: it collapses below 1000 px). In a wide window it
// stays where the person left it (the header's button folds it, UI state in the store). Below
// 1000 px it starts folded, so the views have the whole window; the button opens it over the
// view (the view keeps its width and does not reflow), and choosing a section, Escape or a click
// outside folds it again. Keyboard: the button is a real button; opening moves focus to the
// current section, Escape returns it to the button, choosing a section moves it to the view.
import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useApp } from '../store-context';

/** Below this width the sidebar folds away by itself (the media query's own spelling of < 1000 px). */
export const NARROW_QUERY = '(max-width: 999.98px)';

export interface Sidebar {
  /** Below 1000 px: the sidebar, when open, lies over the view. */
  narrow: boolean;
  hidden: boolean;
  toggle(): void;
  burger: React.RefObject<HTMLButtonElement | null>;
  navbar: React.RefObject<HTMLDivElement | null>;
  /** Folds the narrow sidebar after a section is chosen in it. */
  onNavClick(e: React.MouseEvent): void;
}

export function useSidebar(): Sidebar {
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const navCollapsed = useApp((s) => s.navCollapsed);
  const toggleNav = useApp((s) => s.toggleNav);
  const [open, setOpen] = useState(false);
  // Crossing the width folds the narrow sidebar again (adjusted while rendering, not in an effect).
  const [wasNarrow, setWasNarrow] = useState(narrow);
  if (wasNarrow !== narrow) {
    setWasNarrow(narrow);
    setOpen(false);
  }
  const burger = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);
  const overlayOpen = narrow && open;

  useEffect(() => {
    if (!overlayOpen) return;
    navbar.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      burger.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const path = e.composedPath();
      if (!path.includes(navbar.current!) && !path.includes(burger.current!)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [overlayOpen]);

  return {
    narrow,
    hidden: narrow ? !open : navCollapsed,
    toggle: () => (narrow ? setOpen((o) => !o) : toggleNav()),
    burger,
    navbar,
    onNavClick: (e) => {
      if (!overlayOpen || !(e.target as Element).closest('[data-section]')) return;
      setOpen(false);
      document.getElementById('main')?.focus();
    },
  };
}
