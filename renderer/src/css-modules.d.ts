// Vite turns `*.module.css` into an object of scoped class names (issue 14: per-feature CSS
// next to its component); this tells TypeScript so.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
