// monaco-yaml's worker for a Korean page: the same worker, with @vscode/l10n's bundle set
// to the Korean schema problems (yaml-messages-ko.ts). The worker words a problem when it
// validates, after its first message, so the bundle set here, as this module evaluates, is
// in place in time; both imports resolve to the one @vscode/l10n module of this chunk.
import { config } from '@vscode/l10n';
import 'monaco-yaml/yaml.worker';
import { YAML_MESSAGES_KO } from './yaml-messages-ko';

config({ contents: { ...YAML_MESSAGES_KO } });
