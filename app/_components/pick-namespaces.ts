// The top-level namespaces of a message catalogue that a client subtree needs.
export type MessageTree = Record<string, unknown>;

export function pickNamespaces(messages: MessageTree, namespaces: readonly string[]): MessageTree {
  const picked: MessageTree = {};
  for (const namespace of namespaces) {
    if (Object.hasOwn(messages, namespace)) picked[namespace] = messages[namespace];
  }
  return picked;
}
