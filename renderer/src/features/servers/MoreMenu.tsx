// A server row's "more actions" menu, mounted on first use (issue 40 item 3): Mantine's Menu
// runs a Popover with floating-ui's hooks and effects from the moment it mounts, ~55 ms of the
// servers view's first paint with 50 rows, for menus seldom opened. Until then the row shows
// the same button (the same look and name, aria-haspopup="menu", collapsed); its first press,
// by mouse or keyboard, mounts the Menu and opens it. Focus stays on the button (the Menu's
// own is put where the pressed one was), so closing the menu returns to it as before. Until
// then the button is ActionIcon's markup (markup.ts).
import { ActionIcon, Menu, useMantineTheme } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { actionIcon, actionIconIcon } from '../../components/markup';

function DotsIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

export function MoreMenu({ label, children }: { label: string; children: ReactNode }) {
  const [mounted, setMounted] = useState<{ focused: boolean } | null>(null);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const theme = useMantineTheme();
  // After the Menu mounts closed: focus first, then open, so the Menu's focus return (which
  // notes the focused element when it opens) comes back to this button.
  useLayoutEffect(() => {
    if (!mounted) return;
    if (mounted.focused) target.current?.focus();
    setOpened(true);
  }, [mounted]);
  if (!mounted)
    return (
      <button {...actionIcon(theme, { variant: 'subtle', color: 'gray' })} aria-label={label} aria-haspopup="menu" aria-expanded={false} onClick={(e) => setMounted({ focused: document.activeElement === e.currentTarget })}>
        <span {...actionIconIcon}>
          <DotsIcon />
        </span>
      </button>
    );
  return (
    <Menu position="bottom-end" withinPortal shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color="gray" aria-label={label}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
