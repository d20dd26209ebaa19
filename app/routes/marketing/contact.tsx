export default function Page() {
  return <main id="main">TODO contact</main>;
}
