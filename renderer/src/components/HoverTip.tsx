// Mantine's Tooltip, mounted the first time its element is hovered (issue 40 item 3). A Tooltip
// runs floating-ui's position and interaction hooks from the moment it mounts: six of them per
// server row took ~150 ms of the servers view's first paint with 50 rows, for tooltips almost
// none of which is ever shown. The element is drawn alone (never re-mounted, so nothing loses
// focus) and the Tooltip attaches to it through `target` once the pointer comes.
// Same look and behaviour as the Tooltip it stands for: hover only (Mantine's default events;
// no touch), its openDelay, Escape closes it (content on hover is dismissible, WCAG 1.4.13).
import { Tooltip, type TooltipProps } from '@mantine/core';
import { cloneElement, useEffect, useRef, useState, type PointerEvent, type ReactElement } from 'react';

interface HoverProps {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
}

export type HoverTipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened' | 'events'> & { children: ReactElement<HoverProps> };

export function HoverTip({ children, openDelay = 0, ...tip }: HoverTipProps) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpened(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  const own = children.props;
  const element = cloneElement(children, {
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e);
      if (e.pointerType === 'touch') return;
      const el = e.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        setTarget(el);
        setOpened(true);
      }, openDelay);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e);
      clearTimeout(timer.current);
      setOpened(false);
    },
  });
  return (
    <>
      {element}
      {target && <Tooltip {...tip} target={target} opened={opened} />}
    </>
  );
}
