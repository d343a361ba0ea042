// UI-10 in browser mode (and the window): the page header's list of problems, each with the fix
// the tray offers (shared/tray-fixes.ts), applied for every agent it names.
import { Button, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TrayFix } from '../../../../shared/tray-fixes';
import { errorText } from '../../../../shared/i18n/write-errors';
import { useApp, useT } from '../../store-context';

export function FixesMenu({ fixes }: { fixes: readonly TrayFix[] }) {
  const t = useT();
  const run = useApp((s) => s.runFix);
  if (fixes.length === 0) return null;
  const apply = async (f: TrayFix) => {
    const error = await run(f.action);
    if (error) notifications.show({ color: 'red', title: f.label, message: errorText(t.locale, error) });
  };
  return (
    <Menu position="bottom-start" withinPortal transitionProps={{ duration: 0 }}>
      <Menu.Target>
        <Button variant="light" color="orange" size="compact-sm" data-testid="fixes">
          {t.plural('fixes.button', fixes.length)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="fixes-menu" maw={420}>
        {fixes.map((f) => (
          <Menu.Item key={`${f.kind}:${f.server ?? ''}`} data-fix={f.kind} onClick={() => void apply(f)}>
            <Text size="sm">{f.label}</Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
