// AUTH: public surface of the auth services (plain Node; Electron only supplies an opener).
export * from './secret-store';
export * from './keytar-store';
export * from './identity';
export * from './adopt';
export * from './oauth-provider';
export * from './token-broker';
export * from './loopback';
export * from './opener';
export * from './login-service';
export * from './static-credentials';
