export default function Auth() {
  return <main id="main">TODO auth</main>;
}
