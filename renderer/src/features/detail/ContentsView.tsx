// What resources/read answered (issue 14): text as text; a blob as its size and type with a
// download link, and a preview when it is an image.
import { Badge, Button, Code, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { TEXT_PREVIEW_CHARS, type InspectContents } from '../../../../shared/contract';
import { useT } from '../../store-context';

function fileName(uri: string): string {
  const last = uri.split(/[/?#]/).filter(Boolean).pop() ?? 'resource';
  return last.replace(/[^\w.-]+/g, '_').slice(0, 100) || 'resource';
}

function Blob({ c }: { c: Extract<InspectContents, { kind: 'blob' }> }) {
  const t = useT();
  const mime = c.mimeType ?? 'application/octet-stream';
  if (c.omitted) return <Text size="sm">{t('detail.blobOmitted', { size: t.number(c.size) })}</Text>;
  const href = `data:${mime};base64,${c.blob}`;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm" data-testid="blob-size">
          {t('detail.blob', { size: t.number(c.size) })}
        </Text>
        <Badge variant="light" tt="none">
          {mime}
        </Badge>
        <Button component="a" size="xs" variant="default" href={href} download={fileName(c.uri)}>
          {t('detail.download')}
        </Button>
      </Group>
      {mime.startsWith('image/') && <Image src={href} alt={t('detail.preview', { uri: c.uri })} maw={360} fit="contain" />}
    </Stack>
  );
}

/** Characters per block of a shown text (see TextPart). */
const BLOCK_CHARS = 8 * 1024;

/**
 * The text in blocks of about BLOCK_CHARS, cut after a newline where the block's second half has
 * one, so a cut rarely falls inside a line.
 */
export function textBlocks(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + BLOCK_CHARS, text.length);
    if (end < text.length) {
      const nl = text.lastIndexOf('\n', end - 1);
      if (nl >= at + BLOCK_CHARS / 2) end = nl + 1;
    }
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

/**
 * SEC-4 (issue 21 F7): a text is put on the page only up to TEXT_PREVIEW_CHARS (a 50 MB text
 * froze it for a minute); the whole of what was transferred can be downloaded. Issue 35: even
 * those 256 K characters took one frame of 100–200 ms to lay out at once, so they go in blocks
 * that the browser lays out only when they scroll into view (content-visibility: auto).
 */
function TextPart({ c }: { c: Extract<InspectContents, { kind: 'text' }> }) {
  const t = useT();
  const long = c.text.length > TEXT_PREVIEW_CHARS;
  const shown = long ? c.text.slice(0, TEXT_PREVIEW_CHARS) : c.text;
  const download = () => {
    const url = URL.createObjectURL(new globalThis.Blob([c.text], { type: c.mimeType ?? 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(c.uri);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <Stack gap={4}>
      {c.mimeType && (
        <Badge variant="light" tt="none">
          {c.mimeType}
        </Badge>
      )}
      {(c.truncated || long) && (
        <Group gap="xs">
          <Text size="sm" data-testid="text-truncated">
            {c.truncated ? t('detail.textTruncated', { shown: t.number(c.text.length), size: t.number(c.size ?? c.text.length) }) : t('detail.textLong', { shown: t.number(shown.length), size: t.number(c.text.length) })}
          </Text>
          <Button size="xs" variant="default" onClick={download}>
            {t('detail.download')}
          </Button>
        </Group>
      )}
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {shown.length <= BLOCK_CHARS
          ? shown
          : textBlocks(shown).map((b, i) => (
              <span key={i} style={{ display: 'block', contentVisibility: 'auto', containIntrinsicSize: 'auto 20em' }}>
                {b}
              </span>
            ))}
      </Code>
    </Stack>
  );
}

export function ContentsView({ uri, contents }: { uri: string; contents: InspectContents[] }) {
  const t = useT();
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('detail.contents', { uri })} data-testid="resource-contents">
      <Title order={4} size="h6" mb="xs" style={{ wordBreak: 'break-all' }}>
        {t('detail.contents', { uri })}
      </Title>
      <Stack gap="sm">
        {contents.map((c, i) =>
          c.kind === 'text' ? (
            <TextPart key={i} c={c} />
          ) : (
            <Blob key={i} c={c} />
          ),
        )}
      </Stack>
    </Paper>
  );
}
