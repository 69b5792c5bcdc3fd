// Lab files for the editor's tests: a Deployment `web` as a learner would write it.

/** Deployment `web`: `app` its selector's and its template's label, `containers` the YAML of its container list (each item indented 8). */
export function deploymentYaml({ app = 'web', replicas = 3, containers = '        - name: nginx\n          image: nginx:1.27\n' }: { app?: string; replicas?: number; containers?: string } = {}): string {
  return [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: web',
    'spec:',
    `  replicas: ${replicas}`,
    '  selector:',
    '    matchLabels:',
    `      app: ${app}`,
    '  template:',
    '    metadata:',
    '      labels:',
    `        app: ${app}`,
    '    spec:',
    '      containers:',
    containers,
  ].join('\n');
}
