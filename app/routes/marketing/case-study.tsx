export default function Page() {
  return <main id="main">TODO case-study</main>;
}
