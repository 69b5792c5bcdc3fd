// `kubectl describe endpoints|endpointslice` (kubectl pkg/describe/describe.go
// describeEndpoints and describeEndpointSliceV1, 1.32): an Endpoints object's subsets — ready
// and not-ready IPs, the ports table — each followed by a blank line; an EndpointSlice's
// ports table and every endpoint with its conditions, hostname, target, node and zone.
import type { EndpointSlice, Endpoints, Event } from '../../../apiserver';
import { describeEvents, printAnnotationsMultiline, printLabelsMultiline } from './common';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, PrefixWriter } from './prefix-writer';

const orNone = (s: string): string => (s === '' ? '<none>' : s);

export function describeEndpoints(ep: Endpoints, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = ep.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, 'Subsets:\n');
  for (const subset of ep.subsets ?? []) {
    w.write(LEVEL_1, `Addresses:\t${orNone((subset.addresses ?? []).map((a) => a.ip ?? '').join(','))}\n`);
    w.write(LEVEL_1, `NotReadyAddresses:\t${orNone((subset.notReadyAddresses ?? []).map((a) => a.ip ?? '').join(','))}\n`);
    const ports = subset.ports ?? [];
    if (ports.length > 0) {
      w.write(LEVEL_1, 'Ports:\n');
      w.write(LEVEL_2, 'Name\tPort\tProtocol\n');
      w.write(LEVEL_2, '----\t----\t--------\n');
      for (const p of ports) w.write(LEVEL_2, `${p.name || '<unset>'}\t${p.port ?? 0}\t${p.protocol ?? ''}\n`);
    }
    w.write(LEVEL_0, '\n');
  }
  if (events) describeEvents(w, events, now);
  return w.text();
}

export function describeEndpointSlice(eps: EndpointSlice, events: readonly Event[] | undefined, now: number): string {
  const w = new PrefixWriter();
  const meta = eps.metadata ?? {};
  w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
  w.write(LEVEL_0, `Namespace:\t${meta.namespace ?? ''}\n`);
  printLabelsMultiline(w, 'Labels', meta.labels);
  printAnnotationsMultiline(w, 'Annotations', meta.annotations);
  w.write(LEVEL_0, `AddressType:\t${eps.addressType ?? ''}\n`);
  const ports = eps.ports ?? [];
  if (ports.length === 0) {
    w.write(LEVEL_0, 'Ports: <unset>\n');
  } else {
    w.write(LEVEL_0, 'Ports:\n');
    w.write(LEVEL_1, 'Name\tPort\tProtocol\n');
    w.write(LEVEL_1, '----\t----\t--------\n');
    // a slice port may leave its number unset (all ports of the Service)
    for (const p of ports) w.write(LEVEL_1, `${p.name || '<unset>'}\t${p.port === undefined ? '<unset>' : p.port}\t${p.protocol ?? ''}\n`);
  }
  const endpoints = eps.endpoints ?? [];
  if (endpoints.length === 0) {
    w.write(LEVEL_0, 'Endpoints: <none>\n');
  } else {
    w.write(LEVEL_0, 'Endpoints:\n');
    for (const e of endpoints) {
      w.write(LEVEL_1, `- Addresses:\t${orNone((e.addresses ?? []).join(', '))}\n`);
      w.write(LEVEL_2, 'Conditions:\n');
      const ready = e.conditions?.ready;
      w.write(LEVEL_3, `Ready:\t${ready === undefined ? '<unset>' : String(ready)}\n`);
      w.write(LEVEL_2, `Hostname:\t${e.hostname ?? '<unset>'}\n`);
      if (e.targetRef) w.write(LEVEL_2, `TargetRef:\t${e.targetRef.kind ?? ''}/${e.targetRef.name ?? ''}\n`);
      w.write(LEVEL_2, `NodeName:\t${e.nodeName ?? '<unset>'}\n`);
      w.write(LEVEL_2, `Zone:\t${e.zone ?? '<unset>'}\n`);
    }
  }
  if (events) describeEvents(w, events, now);
  return w.text();
}
