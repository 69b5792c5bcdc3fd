// TypeMeta + ObjectMeta, the head every kind shares.
import { str } from './goTypes';
import { objectMetaSchema } from './objectMeta';

export const typeAndObjectMeta = {
  kind: str(),
  apiVersion: str(),
  metadata: objectMetaSchema,
};
