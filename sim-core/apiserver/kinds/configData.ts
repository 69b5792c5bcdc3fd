// Keys of ConfigMap and Secret data (apimachinery IsConfigMapKey).
import { invalid, type FieldError } from './fieldErrors';
import { maxLenError, regexError } from './nameRules';

const CONFIG_KEY_FMT = '[-._a-zA-Z0-9]+';
const configKey = new RegExp(`^${CONFIG_KEY_FMT}$`);

export function isConfigMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > 253) errs.push(maxLenError(253));
  if (!configKey.test(key)) {
    errs.push(
      regexError(
        "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
        CONFIG_KEY_FMT,
        'key.name',
        'KEY_NAME',
        'key-name',
      ),
    );
  }
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

export function validateDataKeys(field: string, ...maps: (Record<string, unknown> | undefined)[]): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  for (const map of maps) {
    for (const key of Object.keys(map ?? {}).sort()) {
      for (const msg of isConfigMapKey(key)) errs.push(invalid(`${field}[${key}]`, key, msg));
      if (seen.has(key)) errs.push(invalid(`${field}[${key}]`, key, 'duplicate of key present in binaryData'));
      seen.add(key);
    }
  }
  return errs;
}
