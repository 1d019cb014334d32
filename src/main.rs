fn main() {
    std::process::exit(mars_attacks::cli::main());
}
