// controller-manager/: the kube-controller-manager process — leader election on a Lease,
// and while leading, shared informers feeding the Deployment, ReplicaSet, Endpoints,
// garbage collector, node lifecycle and taint eviction controllers.
export {
  ControllerManagerProcess,
  CONTROLLER_MANAGER_ADDRESS,
  CONTROLLER_MANAGER_LEASE,
  CONTROL_PLANE_HOSTNAME,
  type ControllerManagerProcessOptions,
} from './process';
export { ControllerHost, type ReconcileTrace } from './host';
export { SharedInformerFactory } from './informers';
export { buildControllers, controllerClock, GC_RESOURCES, type RunningController } from './controllers';
