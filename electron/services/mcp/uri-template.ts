// RFC 6570 resource templates (issue 14): the variables a template asks for, and the URI it
// expands to, by the SDK's own implementation.
import { UriTemplate } from '@modelcontextprotocol/client';

export function templateVariables(template: string): string[] {
  return new UriTemplate(template).variableNames;
}

export function expandTemplate(template: string, values: Record<string, string>): string {
  return new UriTemplate(template).expand(values);
}
