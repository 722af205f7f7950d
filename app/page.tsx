export default function Home() {
  return <main>Inkstone</main>;
}
