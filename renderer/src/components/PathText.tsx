// A command line, path or URL shown whole, wrapping at its separators (issues 37 and 44): a line
// may end after a "/" or "\" or at a space, never inside a folder or file name ("server-every|
// thing"). `word-break: break-all` broke them anywhere; a `<wbr>` after each separator gives the
// browser those places, and a segment still wider than its box (a hash, a very long name) is the
// only thing that may break where it must (overflow-wrap). The text itself is unchanged: copy,
// search and screen readers get it as written.
import { Fragment } from 'react';
import { Text, type TextProps } from '@mantine/core';

/** The text cut after every path separator (the separator stays with the part before it). */
export function pathParts(text: string): string[] {
  return text.split(/(?<=[\\/])/);
}

export function PathText({ text, ...props }: TextProps & { text: string }) {
  return (
    <Text {...props} style={{ overflowWrap: 'break-word' }}>
      {pathParts(text).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </Text>
  );
}
