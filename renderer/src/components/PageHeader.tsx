// Every view starts with this bar (issue 14: headings at the same place in every view): the
// view's title on the left, its main actions on the right, one fixed height so switching
// sections never moves the heading.
import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** Tall enough for a default-size Button or TextInput beside the title. */
export const PAGE_HEADER_HEIGHT = 44;

export interface PageHeaderProps {
  title: ReactNode;
  /** For `aria-labelledby` on the view's section. */
  titleId?: string;
  /** Buttons, a filter box…: kept on one line, they shrink before they wrap. */
  actions?: ReactNode;
}

export function PageHeader({ title, titleId, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" mih={PAGE_HEADER_HEIGHT} mb="sm" data-testid="page-header">
      <Title order={2} id={titleId} size="h3" style={{ whiteSpace: 'nowrap' }}>
        {title}
      </Title>
      {actions && (
        <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ minWidth: 0, flex: 1 }}>
          {actions}
        </Group>
      )}
    </Group>
  );
}
