export default function Page() {
  return <main id="main">TODO service-detail</main>;
}
