// REG-3: the MCPB manifest's variables in `server.mcp_config` (MANIFEST.md, "Variable
// Substitution"): `${__dirname}` (the bundle's folder), `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`,
// `${DOWNLOADS}`, `${pathSeparator}` and `${/}`, and `${user_config.KEY}`; an argument that is
// only a `multiple` value's reference becomes one argument per value ("Array Expansion"). One
// pass, left to right: a value put in is never read again for references, so a secret's
// `${VARIABLE}` stays a reference for the agent and a path holding `$&` stays as it is. Written
// here rather than taken from the package's `replaceVariables`, which reads `$&` in a value as a
// replacement pattern and leaves a name it does not know in the entry, where an agent would take
// it for one of its own variables: here an unknown name is a problem said to the user.
import { join, sep } from 'node:path';

/** A variable's value: one text, or a list (a `multiple` user_config field; empty when it has no value). */
export type VarValue = string | readonly string[];

export interface SubstitutionProblem {
  name: string;
  message: string;
}

const REFERENCE = /\$\{([^}]*)\}/g;
const WHOLE = /^\$\{([^}]*)\}$/;

/** The system folders and separators MCPB defines, for `home` (the user's, as the panel finds it: paths.ts homeDir). */
export function systemVariables(home: string, bundleDir?: string): Record<string, string> {
  return {
    ...(bundleDir !== undefined ? { __dirname: bundleDir } : {}),
    HOME: home,
    DESKTOP: join(home, 'Desktop'),
    DOCUMENTS: join(home, 'Documents'),
    DOWNLOADS: join(home, 'Downloads'),
    pathSeparator: sep,
    '/': sep,
  };
}

export class Substituter {
  readonly problems: SubstitutionProblem[] = [];

  constructor(private readonly vars: Readonly<Record<string, VarValue>>) {}

  private lookup(name: string): VarValue | undefined {
    return Object.prototype.hasOwnProperty.call(this.vars, name) ? this.vars[name] : undefined;
  }

  private unknown(name: string, where: string): void {
    if (!this.problems.some((p) => p.name === name)) {
      this.problems.push({ name, message: `the bundle's manifest uses \${${name}} in ${where}, which MCPB does not define (known: \${__dirname}, \${HOME}, \${DESKTOP}, \${DOCUMENTS}, \${DOWNLOADS}, \${pathSeparator}, \${/}, \${user_config.KEY} for a key of its user_config); not installed` });
    }
  }

  /** `text` with each reference replaced; a list inside a longer text is its values joined by spaces (MCPB leaves that case open). */
  text(text: string, where: string): string {
    return text.replace(REFERENCE, (whole, name: string) => {
      const v = this.lookup(name);
      if (v === undefined) {
        this.unknown(name, where);
        return whole;
      }
      return typeof v === 'string' ? v : v.join(' ');
    });
  }

  /** `args` with references replaced; an argument that is one reference to a list becomes its values (none when it has none). */
  args(args: readonly string[], where: string): string[] {
    return args.flatMap((a) => {
      const whole = WHOLE.exec(a);
      const v = whole ? this.lookup(whole[1]!) : undefined;
      if (whole && v !== undefined && typeof v !== 'string') return [...v];
      return [this.text(a, where)];
    });
  }
}
