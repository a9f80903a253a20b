import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { ErrorCode, KycError } from '@kyc/errors';
import { toGrpcError } from '@kyc/errors/grpc';
import type { Logger } from '@kyc/logger';
import { type Observable, throwError } from 'rxjs';

/**
 * The service side of the error boundary: a KycError becomes its gRPC status with ErrorInfo;
 * anything else is a bug, logged with its stack and answered as INTERNAL without internals.
 */
@Catch()
export class GrpcExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown): Observable<never> {
    if (exception instanceof KycError) return throwError(() => toGrpcError(exception));
    this.logger.error({ err: exception }, 'unhandled error in gRPC handler');
    return throwError(() => toGrpcError(new KycError(ErrorCode.INTERNAL)));
  }
}
