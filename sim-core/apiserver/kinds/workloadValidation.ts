// Validation shared by Deployment and ReplicaSet (pkg/apis/apps/validation, release 1.32):
// replicas, selector, the template matching the selector, RestartPolicy Always.
import { goQuote, invalid, notSupported, required, type FieldError } from './fieldErrors';
import { isEmptySelector, selectorMatches, validateLabelSelector, type LabelSelector } from './labelSelector';
import { validatePodTemplateSpec, validateNonnegative } from './podValidation';
import type { PodTemplateSpec } from './podSpec';
import { regexError } from './nameRules';

interface ReplicatedSpec {
  replicas?: number;
  selector?: LabelSelector;
  template?: PodTemplateSpec;
}

/** How Go's %#v shows an empty or partial *metav1.LabelSelector in an error. */
function selectorGoSyntax(s: LabelSelector): string {
  const labels = s.matchLabels
    ? `map[string]string{${Object.keys(s.matchLabels)
        .sort()
        .map((k) => `${goQuote(k)}:${goQuote(s.matchLabels?.[k] ?? '')}`)
        .join(', ')}}`
    : 'map[string]string(nil)';
  const exprs = s.matchExpressions ? '[]v1.LabelSelectorRequirement{...}' : '[]v1.LabelSelectorRequirement(nil)';
  return `v1.LabelSelector{MatchLabels:${labels}, MatchExpressions:${exprs}}`;
}

export function validateReplicatedSpec(spec: ReplicatedSpec, field: string): FieldError[] {
  const errs: FieldError[] = [...validateNonnegative(spec.replicas, `${field}.replicas`)];
  const selector = spec.selector;
  if (selector === undefined) {
    errs.push(required(`${field}.selector`));
  } else {
    errs.push(...validateLabelSelector(selector, `${field}.selector`));
    if (isEmptySelector(selector)) {
      errs.push({
        type: 'Invalid value',
        field: `${field}.selector`,
        badValue: { kind: 'go', text: selectorGoSyntax(selector) },
        detail: 'empty selector is invalid for deployment',
      });
    }
  }
  const template = spec.template;
  if (template === undefined) {
    errs.push(required(`${field}.template`));
    return errs;
  }
  if (selector !== undefined && !isEmptySelector(selector)) {
    const labels = template.metadata?.labels ?? {};
    if (!selectorMatches(selector, labels)) {
      errs.push(invalid(`${field}.template.metadata.labels`, labels, '`selector` does not match template `labels`'));
    }
  }
  errs.push(...validatePodTemplateSpec(template, `${field}.template`));
  const restartPolicy = template.spec?.restartPolicy;
  if (restartPolicy !== undefined && restartPolicy !== 'Always') {
    errs.push(notSupported(`${field}.template.spec.restartPolicy`, restartPolicy, ['Always']));
  }
  return errs;
}

/** How %#v prints an intstr.IntOrString (passed by value, so its String() is not used). */
function intOrStringGoSyntax(v: number | string): string {
  return typeof v === 'number'
    ? `intstr.IntOrString{Type:0, IntVal:${v}, StrVal:""}`
    : `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(v)}}`;
}

/** ValidatePositiveIntOrPercent (+ IsNotMoreThan100Percent for maxUnavailable). */
export function validateIntOrPercent(value: number | string | undefined, field: string, atMost100: boolean): FieldError[] {
  if (value === undefined) return [];
  const bad = { kind: 'go', text: intOrStringGoSyntax(value) } as const;
  if (typeof value === 'number') {
    return value < 0 ? [invalid(field, value, 'must be greater than or equal to 0')] : [];
  }
  if (!/^[0-9]+%$/.test(value)) {
    return [
      {
        type: 'Invalid value',
        field,
        badValue: bad,
        detail: regexError("a valid percent string must be a numeric string followed by an ending '%'", '[0-9]+%', '1%', '93%'),
      },
    ];
  }
  if (atMost100 && Number(value.slice(0, -1)) > 100) {
    return [{ type: 'Invalid value', field, badValue: bad, detail: 'must not be greater than 100%' }];
  }
  return [];
}
