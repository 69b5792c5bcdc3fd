// validation.IsEnvVarName (apimachinery pkg/util/validation): the names kubectl accepts for
// an environment variable (`run --env`, `set env`) and for an env file's keys (`create
// configmap|secret --from-env-file`), with its texts.

const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;

const ENV_VAR_NAME_MESSAGE =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

/** IsEnvVarName's complaints about `name`, in its order (none: a valid name). */
export function envVarNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (!ENV_VAR_NAME.test(name)) errs.push(ENV_VAR_NAME_MESSAGE);
  // hasChDirPrefix
  if (name === '.') errs.push("must not be '.'");
  else if (name === '..') errs.push("must not be '..'");
  else if (name.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

export function isEnvVarName(name: string): boolean {
  return envVarNameErrors(name).length === 0;
}
