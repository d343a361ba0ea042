import { createRoot } from 'react-dom/client';

function App() {
  return <main>MCP Panel</main>;
}

createRoot(document.getElementById('root')!).render(<App />);
